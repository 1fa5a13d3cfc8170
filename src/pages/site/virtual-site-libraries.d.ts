// The third-party libraries of the production dependency tree, listed when the site is built (scripts/site-libraries.ts).
declare module 'virtual:site-libraries' {
  const libraries: { name: string; version: string; license: string; link: string }[];
  export default libraries;
}
