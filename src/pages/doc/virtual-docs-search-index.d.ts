// The documentation's search index, built when the site is built (scripts/docs-search-index.ts): MiniSearch's JSON.
declare module 'virtual:docs-search-index' {
  const index: string;
  export default index;
}
