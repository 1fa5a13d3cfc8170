/** Fixed ids of the demo app's asset-streaming records that other parts name (the product page's screenshot). */

/** The demo's public game-assets bucket. */
export const DEMO_BUCKET_ID = '5c1f9a3e-8b27-4d6a-b0e4-2f7d9c41a8b3';
