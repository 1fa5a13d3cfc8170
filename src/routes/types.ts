import type { ComponentType, LazyExoticComponent } from 'react';
import type { Text } from '../../resources/types';

/** A console page: where it lives and, when it has one, its menu entry. */
export interface PageRoute {
  /** Absolute for public (src/routes/public.tsx) and `user` pages; relative to the set's base for `app` and `admin` pages ('' = index). */
  path: string;
  Component: LazyExoticComponent<ComponentType>;
  menu?: {
    label: Text;
    /** An @ant-design/icons name (see src/lib/icons.tsx). */
    icon?: string;
    /** Position in the menu: lower first. */
    order: number;
    /** Shown to administrators only (app pages such as admin-config). */
    adminOnly?: boolean;
  };
  /** Public pages without the site footer (spec 000 §2: some pages hide it). */
  hideFooter?: boolean;
}

/**
 * The pages of one area of the console, by who may open them (spec 000 §2, each route's withAuth flag):
 * `user` needs a signed-in user, `app` a member of the app's organisation (under /services/:appId), `admin` an
 * administrator session (under /admin). Pages that need no sign-in are listed in public.tsx.
 */
export interface RouteSet {
  user?: PageRoute[];
  app?: PageRoute[];
  admin?: PageRoute[];
  finance?: PageRoute[];
}
