/** The console's route manifest, computed from the declarations when the console is built (scripts/route-manifest.ts). */
declare module 'virtual:route-manifest' {
  const manifest: import('./route-manifest').ManifestRoute[];
  export default manifest;
}

/** The services' menus, computed from the declarations when the console is built (src/engine/service-menus.ts). */
declare module 'virtual:menu-manifest' {
  const menus: import('./menu').ServiceMenu[];
  export default menus;
}
