/**
 * @module The console's shared look: one stylesheet every page adopts.
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
`
