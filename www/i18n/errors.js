// Errors in the page's language.
//
// An error from the wasm module carries, beside its English `message`, a machine-readable `code` and the
// details as `params` (src/wasm/mod.rs lists the codes): e.g. {code: 'fen.wrong_rank_count', params: {found: 9}}.
// Errors raised in JS (the engine worker, the engine client, the game record) follow the same shape. The page
// looks up `err.<code>` in its strings and fills in the params, each through an optional formatter (a side
// name, a piece name, a percentage). A nested reason (`params.cause`, itself {code, params, message}) is
// translated first. An error with no code, or one the strings do not know, shows its message as it is.

/**
 * The text of `error` in the language of `t`.
 * @param {(key: string, params?: object) => string} t  the page's translate function
 * @param {{code?: string, params?: object, message?: string} | string | null | undefined} error
 * @param {Record<string, (value: any, params: object) => string>} [format]  per-param formatters
 * @returns {string}
 */
export function errorText(t, error, format = {}) {
  if (error === null || error === undefined) return '';
  if (typeof error !== 'object') return String(error);
  const code = typeof error.code === 'string' ? error.code : null;
  if (code) {
    const key = `err.${code}`;
    const raw = error.params && typeof error.params === 'object' ? error.params : {};
    const params = {};
    for (const [name, value] of Object.entries(raw)) {
      if (name === 'cause') params.cause = errorText(t, value, format);
      else params[name] = format[name] ? format[name](value, raw) : value;
    }
    const text = t(key, params);
    if (text !== key) return text;
  }
  return String(error.message ?? error);
}

/** An `Error` with a `code` and `params`, for errors raised in JS. */
export function codedError(code, params, message) {
  return Object.assign(new Error(message), { code, params: params ?? {} });
}

/** A plain {message, code, params} copy, for postMessage (a structured clone keeps no own fields of an Error). */
export function errorData(error) {
  if (error && typeof error === 'object') {
    return {
      message: String(error.message ?? error),
      code: typeof error.code === 'string' ? error.code : null,
      params: error.params && typeof error.params === 'object' ? plainParams(error.params) : {},
    };
  }
  return { message: String(error), code: null, params: {} };
}

function plainParams(params) {
  const out = {};
  for (const [name, value] of Object.entries(params)) {
    out[name] = value && typeof value === 'object' ? errorData(value) : value;
  }
  return out;
}
