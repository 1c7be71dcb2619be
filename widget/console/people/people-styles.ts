/**
 * @module The People page's own styles: long and right-to-left names and
 * addresses wrap inside their cell instead of widening the table, and the
 * actions of a row fold into a disclosure that fits a 375 px screen.
 */
import { css } from 'lit'

export const peopleStyles = css`
  table.people td.name,
  table.people td.email {
    overflow-wrap: anywhere;
    max-width: 18rem;
  }
  table.people {
    table-layout: auto;
    width: 100%;
  }
  .you,
  .count {
    color: var(--svc-console-muted, #57606a);
  }
  .state--disabled {
    color: #cf222e;
    font-weight: 600;
  }
  .people-search {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: end;
  }
  .person-actions summary {
    cursor: pointer;
  }
  .role-form,
  .person-buttons,
  .dialog-buttons,
  .pages {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
    margin-block: 0.5rem;
  }
  .role-form label.check {
    display: inline-flex;
    gap: 0.25rem;
    align-items: center;
  }
  dialog {
    max-width: min(32rem, calc(100vw - 2rem));
    overflow-wrap: anywhere;
  }
`
