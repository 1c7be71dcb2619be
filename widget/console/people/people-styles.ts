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
  /* A console role without a second factor: who a required one stops. */
  .factor--none {
    color: #9a6700;
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
  /*
   * On a wide screen an open Manage panel takes room from the row's other
   * cells: single words (a role, a state) keep whole and the panel has a
   * width of its own, so nothing breaks mid-word ("market / er").
   */
  @media (min-width: 40.01rem) {
    table.people td[data-label='Role'],
    table.people td[data-label='State'] {
      white-space: nowrap;
    }
    table.people td.email {
      min-width: 12rem;
    }
    .person-actions[open] {
      width: 22rem;
    }
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
