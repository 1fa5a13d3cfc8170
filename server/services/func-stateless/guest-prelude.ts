/**
 * What the sandbox evaluates before a function's code (plain JavaScript run inside QuickJS, never in Node):
 * `console`, `fetch` over the host's bridge, `setTimeout` over the host's timer, and a CommonJS `require` that
 * resolves only the package's own files (`./lib.js`, `./data.json`); any other name is "Cannot find module". The
 * host names `__hostLog`, `__hostFetch` and `__hostSleep` are removed from the global object once captured.
 * `__start(files, handler, event, context)` loads the entry file and answers the handler's result as JSON text.
 */
export const GUEST_PRELUDE = String.raw`
(function () {
  const hostLog = __hostLog, hostFetch = __hostFetch, hostSleep = __hostSleep;
  delete globalThis.__hostLog; delete globalThis.__hostFetch; delete globalThis.__hostSleep;
  const show = (v) => {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return String(v) + (v.stack ? '\n' + v.stack : '');
    try { const s = JSON.stringify(v); return s === undefined ? String(v) : s; } catch (e) { return String(v); }
  };
  const line = (level) => (...args) => hostLog(level, args.map(show).join(' '));
  globalThis.console = { log: line('log'), info: line('info'), debug: line('log'), warn: line('warn'), error: line('error') };
  globalThis.setTimeout = (fn, ms, ...args) => { hostSleep(Number(ms) || 0).then(() => fn(...args)); return 0; };
  globalThis.fetch = async (input, init) => {
    init = init || {};
    const request = { url: String(input), method: init.method, headers: init.headers, body: init.body === undefined ? undefined : String(init.body) };
    const res = JSON.parse(await hostFetch(JSON.stringify(request)));
    const headers = res.headers;
    return {
      ok: res.status >= 200 && res.status < 300, status: res.status, statusText: res.statusText,
      headers: { get: (name) => headers[String(name).toLowerCase()] ?? null },
      text: async () => res.body,
      json: async () => JSON.parse(res.body),
    };
  };
  const normalize = (from, name) => {
    const parts = (name.startsWith('/') ? [] : from.split('/').slice(0, -1));
    for (const p of name.split('/')) {
      if (p === '' || p === '.') continue;
      if (p === '..') parts.pop(); else parts.push(p);
    }
    return parts.join('/');
  };
  globalThis.__start = (filesJson, handler, eventJson, contextJson) => {
    const files = JSON.parse(filesJson);
    const cache = {};
    const load = (path) => {
      if (cache[path]) return cache[path].exports;
      const module = { exports: {} };
      cache[path] = module;
      if (path.endsWith('.json')) { module.exports = JSON.parse(files[path]); return module.exports; }
      const requireFrom = (name) => {
        const base = (name.startsWith('./') || name.startsWith('../') || name.startsWith('/')) ? normalize(path, name) : undefined;
        const found = base === undefined ? undefined : [base, base + '.js', base + '.json', base + '/index.js'].find((p) => typeof files[p] === 'string');
        if (found === undefined) throw new Error("Cannot find module '" + name + "'");
        return load(found);
      };
      const fn = new Function('module', 'exports', 'require', files[path] + '\n//# sourceURL=' + path);
      fn(module, module.exports, requireFrom);
      return module.exports;
    };
    const dot = handler.lastIndexOf('.');
    const file = handler.slice(0, dot) + '.js';
    const name = handler.slice(dot + 1);
    if (typeof files[file] !== 'string') throw new Error('the entry file ' + file + ' is not in the package');
    const entry = load(file);
    const fn = entry && entry[name];
    if (typeof fn !== 'function') throw new Error('the handler ' + handler + ' is not an exported function');
    return Promise.resolve(fn(JSON.parse(eventJson), JSON.parse(contextJson))).then((value) => {
      const text = JSON.stringify(value === undefined ? null : value);
      return text === undefined ? 'null' : text;
    });
  };
})();
`;
