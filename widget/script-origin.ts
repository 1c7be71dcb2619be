/**
 * @module svc's origin, as the widgets and the SDK know it: where their
 * script was loaded from. The classic (IIFE) builds read it from
 * `document.currentScript` while they run, the ES module from
 * `import.meta.url`. It is the default API and identity-provider origin.
 */

function scriptOrigin(): string {
  const script = document.currentScript as HTMLScriptElement | null
  if (script?.src) return new URL(script.src).origin
  try {
    return new URL(import.meta.url).origin
  } catch {
    return location.origin
  }
}

/** Evaluated once, while the script first runs (the only time `currentScript` names it). */
export const SCRIPT_ORIGIN = scriptOrigin()
