/** Console texts of the engine's file uploads to a declared call (a package to protect, a function's code), under the `fileUpload` key; both languages have the same keys. */
export const fileUpload = {
  'zh-CN': {
    pick: '点击或拖入文件上传',
    hint: '可上传的文件类型：',
    refused: '文件未被接受',
    pickAnother: '已选择，点击或拖入可换一个文件',
    pickFirst: '请先选择要上传的文件',
  },
  en: {
    pick: 'Click or drop a file here to upload it',
    hint: 'Files taken:',
    refused: 'The file was not taken',
    pickAnother: 'Chosen; click or drop to choose another file',
    pickFirst: 'Choose the file to upload first',
  },
};
