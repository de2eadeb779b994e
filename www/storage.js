// localStorage as JSON for the views: a saved game or settings must never break the page, so a missing,
// corrupt or unavailable store reads as null and a failed write (storage full or disabled) is ignored.

/** The JSON value stored under `key`, or null when there is none or it cannot be read. */
export function readJSON(key) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; a failure leaves the game going on unsaved. */
export function writeJSON(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the game still goes on */
  }
}
