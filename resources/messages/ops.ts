import type { Text } from '../types';

/** Messages the server sends from its ops calls: the English key and its text in both languages. */
export const opsMessages: Record<string, Text> = {
  "no such app": { 'zh-CN': "应用不存在", en: "No such app" },
  "invalid signature": { 'zh-CN': "链接签名无效", en: "The link's signature is invalid" },
  "link expired": { 'zh-CN': "链接已过期，请重新获取", en: "The link has expired. Request a new one." },
  "invalid key": { 'zh-CN': "文件路径无效", en: "Invalid file key" },
  "content type does not match the upload grant": { 'zh-CN': "文件类型与上传授权不一致", en: "The content type differs from the upload grant" },
  "size does not match the upload grant": { 'zh-CN': "文件大小与上传授权不一致", en: "The file size differs from the upload grant" },
};
