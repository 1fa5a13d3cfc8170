import type { ComponentType, LazyExoticComponent } from 'react';

/** What a record panel is given: the record shown and the app it belongs to. */
export interface PanelProps {
  record: Record<string, unknown>;
  appId: string;
}

/** A group of hand-written screens: whole pages, and panels shown on a declared record's page. */
export interface AreaRegistry {
  pages: Record<string, LazyExoticComponent<ComponentType>>;
  panels: Record<string, LazyExoticComponent<ComponentType<PanelProps>>>;
}
