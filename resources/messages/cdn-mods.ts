import type { Text } from '../types';

/** Messages the server sends from asset streaming's mods and bundle analysis: the English key and its text in both languages. */
export const cdnModsMessages: Record<string, Text> = {
  'no such mod': { 'zh-CN': '模组不存在', en: 'No such mod' },
  'no such version': { 'zh-CN': '该模组没有这个版本', en: 'No such version of this mod' },
  'no such file in this version': { 'zh-CN': '该版本中没有这个文件', en: 'No such file in this version' },
  'add a version before submitting': { 'zh-CN': '请先添加一个版本再提交审核', en: 'Add a version before submitting' },
  'content not uploaded': { 'zh-CN': '内容尚未上传', en: 'Content not uploaded' },
  'not the size of the uploaded content': { 'zh-CN': '与已上传内容的大小不符', en: 'Not the size of the uploaded content' },
  'the bucket has no release to analyze': { 'zh-CN': '该存储桶还没有可分析的版本', en: 'The bucket has no release to analyze' },
  'path given twice': { 'zh-CN': '路径重复', en: 'Path given twice' },
  'only a mod pending review or reported can be approved': { 'zh-CN': '只有待审核或被举报的模组可以审核通过', en: 'Only a mod pending review or reported can be approved' },
  'only a mod pending review can be rejected': { 'zh-CN': '只有待审核的模组可以驳回', en: 'Only a mod pending review can be rejected' },
  'only a reported mod can be taken down': { 'zh-CN': '只有被举报的模组可以下架', en: 'Only a reported mod can be taken down' },
  'this mod cannot be changed now': { 'zh-CN': '模组在审核中、被举报或已下架时不能修改', en: 'This mod cannot be changed now (under review, reported or taken down)' },
  'only a mod being edited can be submitted': { 'zh-CN': '只有编辑中的模组可以提交审核', en: 'Only a mod being edited can be submitted' },
  'only a published mod can be reported': { 'zh-CN': '只有已通过审核的模组可以举报', en: 'Only a published mod can be reported' },
};
