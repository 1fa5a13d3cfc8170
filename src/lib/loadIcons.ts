/**
 * The services' icons (./icons), loaded on their own: the app's menu draws once they are in, after the page beside
 * it has (src/pages/layout/ServiceSider.tsx), and the console asks for them before the other services' declarations.
 */
export const loadIcons = () => import('./icons');

export type Icons = Awaited<ReturnType<typeof loadIcons>>;
