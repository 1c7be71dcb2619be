/**
 * @module The API tokens page's own styles: one line a resource in the
 * new token's choices (its name on a line of its own on a phone), the
 * new token in a field as wide as the box, and Revoke kept whole.
 */
import { css } from 'lit'

export const tokensStyles = css`
  .new-token {
    max-width: 40rem;
    margin-bottom: 1.5rem;
  }
  fieldset {
    border: 1px solid #d0d7de;
    border-radius: 6px;
    margin: 0 0 1rem;
    padding: 0.5rem 0.75rem;
    min-width: 0;
  }
  legend {
    font-weight: 600;
    padding: 0 0.25rem;
  }
  /* One line a resource: its name, then its three choices; they wrap under it on a phone. */
  .scope {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    align-items: baseline;
    padding: 0.35rem 0;
    border-bottom: 1px solid #eaeef2;
  }
  .scope:last-of-type {
    border-bottom: 0;
  }
  .scope .resource {
    flex: 0 0 7rem;
    font-weight: 600;
  }
  @media (max-width: 40rem) {
    .scope .resource {
      flex-basis: 100%;
    }
  }
  .scope label {
    display: inline-flex;
    gap: 0.3rem;
    align-items: center;
    font-weight: normal;
    margin: 0;
    white-space: nowrap;
  }
  .scope input {
    width: auto;
    margin: 0;
  }
  .new-token-value {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  .new-token-value input {
    flex: 1 1 20rem;
    min-width: 0;
    font-family: ui-monospace, monospace;
  }
  .token-scopes {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* An address widens its column rather than breaking mid-word; it breaks only where nothing else would fit (break-word leaves the column's width alone). */
  .address {
    overflow-wrap: break-word;
  }
  /* "Webhooks: read and write" is one item: the column widens to it rather than stacking its words. */
  .token-scopes li {
    white-space: nowrap;
  }
  .revoke {
    margin-top: 0.25rem;
  }
  /* Cells break long words anywhere; a button's word stays whole. */
  .revoke button {
    overflow-wrap: normal;
    white-space: nowrap;
  }
`
