/**
 * @module The console's shared look: one stylesheet every page adopts,
 * with a named class for each layout a page needs (no inline styles).
 */
import { css } from 'lit'

export const consoleStyles = css`
  :host {
    display: block;
  }
  h1 {
    font-size: 1.5rem;
    margin: 0 0 1rem;
  }
  a {
    color: #0969da;
  }
  button,
  .button {
    font: inherit;
    padding: 0.45rem 0.9rem;
    border-radius: 6px;
    border: 1px solid #d0d7de;
    background: #fff;
    color: #1f2328;
    cursor: pointer;
    text-decoration: none;
    display: inline-block;
  }
  button.primary,
  .button.primary {
    background: #1f883d;
    border-color: #1f883d;
    color: #fff;
  }
  button.danger {
    color: #cf222e;
  }
  .danger-zone {
    margin-top: 2.5rem;
    padding: 0 1rem 1rem;
    border: 1px solid #cf222e;
    border-radius: 6px;
  }
  .danger-zone h2 {
    font-size: 1rem;
    color: #cf222e;
  }
  button:focus-visible,
  a:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible {
    outline: 3px solid #0969da;
    outline-offset: 2px;
  }
  label {
    display: block;
    font-weight: 600;
    margin-bottom: 0.25rem;
  }
  input,
  select,
  textarea {
    font: inherit;
    padding: 0.4rem 0.5rem;
    border: 1px solid #d0d7de;
    border-radius: 6px;
    width: 100%;
    box-sizing: border-box;
    background: #fff;
  }
  input[aria-invalid='true'],
  textarea[aria-invalid='true'],
  select[aria-invalid='true'] {
    border-color: #cf222e;
  }
  .field {
    margin-bottom: 1rem;
  }
  .error {
    color: #cf222e;
    font-size: 0.9rem;
    margin-top: 0.25rem;
  }
  .hint {
    color: #57606a;
    font-size: 0.9rem;
  }
  /* A limited field's "143 / 200", at the end of the line under it; darker near the limit. */
  .counter {
    color: #57606a;
    font-size: 0.85rem;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  .counter.near {
    color: #9a6700;
    font-weight: 600;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    background: #fff;
  }
  th,
  td {
    text-align: start;
    padding: 0.5rem 0.6rem;
    border-bottom: 1px solid #d0d7de;
    vertical-align: top;
  }
  [role='alert'] {
    background: #ffebe9;
    border: 1px solid #ff818266;
    padding: 0.6rem 0.8rem;
    border-radius: 6px;
    margin-bottom: 1rem;
  }
  [role='status'] {
    color: #1a7f37;
  }
  h2 {
    font-size: 1.2rem;
  }
  h3 {
    font-size: 1rem;
  }
  /* A heading that opens a later part of a page. */
  .section {
    margin-top: 2rem;
  }
  h3.section {
    margin-top: 1.5rem;
  }
  caption {
    text-align: start;
  }
  /* Ids, secrets and URIs are long words: they wrap rather than widen the page. */
  code,
  td,
  dd {
    overflow-wrap: anywhere;
  }
  /* A name of words (an ad's slot) breaks only between them: its column is as wide as its longest word. */
  td.words {
    overflow-wrap: break-word;
  }
  .scopes,
  .secrets {
    margin: 0;
    padding-inline-start: 1.2rem;
  }
  .secrets li {
    margin-bottom: 0.4rem;
  }
  /*
   * On a narrow screen a table marked stacked shows each row as a card of
   * "label: value" lines (the label from the cell's data-label); any other
   * table scrolls in its own box, never the page.
   */
  @media (max-width: 40rem) {
    table.stacked,
    table.stacked caption,
    table.stacked tbody,
    table.stacked tfoot,
    table.stacked tr,
    table.stacked td {
      display: block;
    }
    table.stacked thead {
      position: absolute;
      left: -9999px;
    }
    table.stacked tr {
      border: 1px solid #d0d7de;
      border-radius: 6px;
      margin-bottom: 0.75rem;
      padding: 0.25rem 0;
    }
    table.stacked td {
      border-bottom: none;
      padding: 0.25rem 0.75rem;
    }
    table.stacked td[data-label]::before {
      content: attr(data-label);
      display: block;
      font-weight: 600;
      font-size: 0.85rem;
      color: #57606a;
    }
    table:not(.stacked) {
      display: block;
      overflow-x: auto;
    }
    .inline-form {
      flex-wrap: wrap;
    }
  }
  /* A checkbox field: the box, then its label, on one line. */
  label.check {
    display: flex;
    gap: 0.5rem;
    align-items: center;
  }
  label.check input {
    width: auto;
  }
  /* Seen by screen readers and tests, not on screen. */
  .visually-hidden {
    position: absolute;
    left: -9999px;
  }
  /* A form on a card of its own (register a client, a new API key). */
  .panel {
    background: #fff;
    padding: 1rem;
    border: 1px solid #d0d7de;
    border-radius: 6px;
  }
  .register-client {
    max-width: 40rem;
  }
  .new-key {
    max-width: 36rem;
    margin-bottom: 1.5rem;
  }
  .organisation-picker {
    max-width: 24rem;
  }
  .delete-account,
  .account-form {
    max-width: 30rem;
  }
  .account-form + h2 {
    margin-top: 1.5rem;
  }
  .pending {
    background: #fff8c5;
    padding: 0.5rem;
    border-radius: 6px;
  }
  /* Secrets shown this once, to copy now. */
  .shown-once {
    background: #dafbe1;
    padding: 0.75rem;
    border-radius: 6px;
    margin-bottom: 1rem;
  }
  .shown-once p {
    margin: 0 0 0.5rem;
  }
  .shown-once dl {
    margin: 0;
  }
  /* The ads list's filters, side by side. */
  .filters {
    display: flex;
    gap: 1rem;
    align-items: start;
    flex-wrap: wrap;
    margin-bottom: 1rem;
  }
  /* One field and its button on a line (a client's webhook URL). */
  .inline-form {
    display: flex;
    gap: 0.5rem;
    align-items: end;
    max-width: 48rem;
  }
  .filters .field,
  .inline-form .field {
    margin-bottom: 0;
  }
  /*
   * A filter's refusal sits under its field at the field's own width (its
   * words wrap there rather than widen the field), and the row's fields and
   * buttons line up by their tops, so a message under one field moves no
   * other field, label or button. A button drops by a label's height to sit
   * level with the controls; controls and buttons are one height (a date
   * field is taller than a select by its calendar button), so their bottoms
   * line up too.
   */
  .filters > button,
  .filters > .button {
    margin-top: calc(1lh + 0.25rem);
  }
  .filters input,
  .filters select,
  .filters > button,
  .filters > .button {
    block-size: 2.5rem;
  }
  .filters .error {
    contain: inline-size;
  }
  .inline-form .field {
    flex: 1;
  }
  form.inline {
    display: inline;
  }
  /* The ad editor: the form beside its preview. */
  .editor {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    gap: 2rem;
    align-items: start;
  }
  .editor .preview h2 {
    font-size: 1.1rem;
  }
  .editor .preview svc-ads {
    max-width: 32rem;
  }
  /* One column on narrow screens: the preview under the form. */
  @media (max-width: 50rem) {
    .editor {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  .editor .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  /* What would render poorly, said before saving (never blocking it). */
  .warnings h2 {
    font-size: 1rem;
    margin: 0 0 0.25rem;
  }
  .warnings.shown {
    background: #fff8c5;
    border: 1px solid #d4a72c66;
    border-radius: 6px;
    padding: 0.5rem 0.8rem;
    margin-bottom: 1rem;
  }
  .warnings ul {
    margin: 0;
    padding-inline-start: 1.2rem;
  }
  .warnings p {
    margin: 0.25rem 0 0;
  }
  /* The ads list: on narrow screens each row is a card of labelled lines. */
  .row-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
  }
  @media (max-width: 40rem) {
    table.stacks,
    table.stacks caption,
    table.stacks tbody,
    table.stacks tr,
    table.stacks td {
      display: block;
    }
    table.stacks thead {
      position: absolute;
      left: -9999px;
    }
    table.stacks tr {
      border-bottom: 1px solid #d0d7de;
      padding: 0.5rem 0;
    }
    table.stacks td {
      border: 0;
      padding: 0.15rem 0;
    }
    table.stacks td[data-label]::before {
      content: attr(data-label) ': ';
      font-weight: 600;
    }
  }
  .image-row {
    display: flex;
    align-items: flex-start;
    gap: 0.5rem;
    margin-bottom: 0.5rem;
  }
  /* A delivery's attempts, in its table cell. */
  .attempts {
    margin: 0;
    padding-inline-start: 1.2rem;
  }
  /* The account page's profile: picture beside name and address. */
  .profile {
    display: flex;
    gap: 1rem;
    align-items: center;
    margin-bottom: 1.5rem;
  }
  .profile img {
    border-radius: 50%;
  }
  .profile h2 {
    margin: 0;
  }
`
