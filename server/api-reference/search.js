// The API reference's search, for Swagger UI's filter box: Swagger UI alone matches the phrase against group names
// only. Here every word of the phrase must appear in an operation's group, method, path, summary or operation id;
// groups keep the operations that match, and the groups that hold a match open.
(function () {
  'use strict';
  const bundle = window.SwaggerUIBundle;
  if (!bundle) return;

  const wordsOf = (phrase) => (typeof phrase === 'string' ? phrase.toLowerCase().split(/\s+/).filter(Boolean) : []);

  function matches(tag, op, words) {
    const operation = op.get('operation');
    const text = [tag, op.get('method'), op.get('path'), operation && operation.get('summary'), operation && operation.get('operationId')]
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  }

  function filterOps(taggedOps, phrase) {
    const words = wordsOf(phrase);
    if (!words.length) return taggedOps;
    return taggedOps
      .map((group, tag) => group.set('operations', group.get('operations').filter((op) => matches(tag, op, words))))
      .filter((group) => group.get('operations').size > 0);
  }

  function SearchPlugin() {
    return {
      fn: { opsFilter: filterOps },
      statePlugins: {
        layout: {
          wrapActions: {
            updateFilter: (original, system) => (phrase) => {
              const done = original(phrase);
              if (wordsOf(phrase).length) {
                filterOps(system.specSelectors.taggedOperations(), phrase).keySeq().forEach((tag) => {
                  system.layoutActions.show(['operations-tag', tag], true);
                });
              }
              return done;
            },
          },
        },
      },
    };
  }

  // The page's initializer calls SwaggerUIBundle when the page has loaded: it gets the search plugin too.
  function withSearch(config) {
    return bundle(Object.assign({}, config, { plugins: (config.plugins || []).concat([SearchPlugin]) }));
  }
  window.SwaggerUIBundle = Object.assign(withSearch, bundle);
})();
