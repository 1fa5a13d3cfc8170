import type { Text } from '../types';

/** Messages the server sends from asset streaming's calls: the English key and its text in both languages. */
export const cdnMessages: Record<string, Text> = {
  // Buckets, releases and badges
  'no such bucket': { 'zh-CN': '存储桶不存在', en: 'No such bucket' },
  'no such release in this bucket': { 'zh-CN': '该存储桶中没有这个版本', en: 'No such release in this bucket' },
  'no such badge': { 'zh-CN': '标签不存在', en: 'No such badge' },
  'the latest badge follows the newest release and cannot be removed': { 'zh-CN': 'latest 标签始终指向最新版本，不能删除', en: 'The latest badge follows the newest release and cannot be removed' },
  'the bucket has no entries to release': { 'zh-CN': '存储桶中没有文件，无法创建版本', en: 'The bucket has no entries to release' },
  'promote into another bucket': { 'zh-CN': '请选择另一个存储桶作为目标', en: 'Promote into another bucket' },
  // Entries and their paths
  'an entry with this path exists in the bucket': { 'zh-CN': '存储桶中已有该路径的文件', en: 'An entry with this path exists in the bucket' },
  'content not uploaded: ask for an upload token first': { 'zh-CN': '内容尚未上传：请先申请上传凭证', en: 'Content not uploaded: ask for an upload token first' },
  'name a directory': { 'zh-CN': '请指定目录', en: 'Name a directory' },
  'path may not contain control characters': { 'zh-CN': '路径不能包含控制字符', en: 'The path may not contain control characters' },
  'path must be relative to the bucket (no leading /)': { 'zh-CN': '路径必须是存储桶内的相对路径（不能以 / 开头）', en: 'The path must be relative to the bucket (no leading /)' },
  'path may not contain a backslash': { 'zh-CN': '路径不能包含反斜杠', en: 'The path may not contain a backslash' },
  'path may not contain . or .. segments': { 'zh-CN': '路径不能包含 . 或 .. 段', en: 'The path may not contain . or .. segments' },
  'path may not have empty segments': { 'zh-CN': '路径不能包含空的段', en: 'The path may not have empty segments' },
  // Uploads
  'upload grant invalid or expired': { 'zh-CN': '上传凭证无效或已过期', en: 'The upload grant is invalid or has expired' },
  'content larger than the upload limit': { 'zh-CN': '内容超过上传大小限制', en: 'The content is larger than the upload limit' },
  'SHA-256 of the content does not match': { 'zh-CN': '内容的 SHA-256 与申请时不一致', en: 'The SHA-256 of the content does not match' },
  'MD5 of the content does not match': { 'zh-CN': '内容的 MD5 与申请时不一致', en: 'The MD5 of the content does not match' },
  // Delivery
  'no such entry in this release': { 'zh-CN': '该版本中没有这个文件', en: 'No such entry in this release' },
  'a private bucket needs a valid access token': { 'zh-CN': '私有存储桶需要有效的访问令牌', en: 'A private bucket needs a valid access token' },
  'range not satisfiable': { 'zh-CN': '请求的范围超出内容', en: 'The requested range is not satisfiable' },
};
