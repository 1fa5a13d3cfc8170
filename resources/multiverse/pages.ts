/** Multiverse's console pages beyond its records' own: the images list, where a build is uploaded. */
import type { PageDecl, Text } from '../types';
import { imageTransferCommand, MULTIVERSE_ROUTES } from './resources';

const IMAGES: Text = { 'zh-CN': '镜像', en: 'Images' };

export const multiversePages: PageDecl[] = [
  {
    route: MULTIVERSE_ROUTES.images,
    label: IMAGES,
    view: {
      name: 'images',
      label: IMAGES,
      subtitle: {
        'zh-CN': '上传的游戏服务器构建（zip 或 tar.gz）及其构建步骤。启动命令写在压缩包根目录的 multiverse.json 中（{ "startCommand": "node server.mjs" }）。',
        en: 'Uploaded game-server builds (zip or tar.gz) and their build steps. The start command is read from multiverse.json at the archive\'s root ({ "startCommand": "node server.mjs" }).',
      },
      path: '/images',
      listKey: 'items',
      row: 'images',
      columns: ['name', 'fileName', 'startCommand', 'size', 'files', 'status', 'builtAt', 'createdAt'],
      rowKey: 'id',
      empty: { 'zh-CN': '还没有上传镜像', en: 'No images uploaded yet' },
      paging: { mode: 'server', pageSize: 20, by: 'page' },
      // The archive picked is uploaded; the new image's page opens, its build followed there.
      uploads: [{ call: 'images.create', label: { 'zh-CN': '上传构建', en: 'Upload a build' }, fileNameParam: 'fileName', opens: 'images' }],
      // A build too large for the upload: a signed link to put it in storage, then `POST /images?key=`.
      commands: [imageTransferCommand],
    },
  },
];
