import { lazy } from 'react';
import type { AreaRegistry } from '../registry-types';

/**
 * Asset streaming's hand-written screens, by the names its declaration uses: the tutorial page, and on a bucket's
 * page the folder upload and the deliveries chart. Its lists, records and their children are declared.
 */
export const cdnRegistry: AreaRegistry = {
  pages: {
    cdnTutorial: lazy(() => import('./CdnTutorialPage')),
  },
  panels: {
    cdnBucketUpload: lazy(() => import('./BucketUploadPanel')),
    cdnBucketStatistics: lazy(() => import('./BucketStatisticsPanel')),
  },
};
