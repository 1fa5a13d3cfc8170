/** Console texts of the engine's file uploads to a declared call (a package to protect), under the `fileUpload` key; both languages have the same keys. */
export const fileUpload = {
  'zh-CN': {
    pick: '点击或拖入文件上传',
    hint: '可上传的文件类型：',
    refused: '文件未被接受',
  },
  en: {
    pick: 'Click or drop a file here to upload it',
    hint: 'Files taken:',
    refused: 'The file was not taken',
  },
};
