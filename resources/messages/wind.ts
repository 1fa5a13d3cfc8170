import type { Text } from '../types';

/** Wind's refusals and the messages of a publish's channel steps (`server/services/wind`). */
export const windMessages: Record<string, Text> = {
  'no channel is enabled': { 'zh-CN': '没有启用的渠道：请先在多渠道配置中启用', en: 'No channel is enabled: enable one in the channel settings first' },
  'channel {0} is not enabled': { 'zh-CN': '渠道 {0} 未启用', en: 'Channel {0} is not enabled' },
  'no such release': { 'zh-CN': '该存储桶中没有这个资源版本', en: 'No such release in this bucket' },
  'no such publish': { 'zh-CN': '发布记录不存在', en: 'No such publish' },
  'no publish yet': { 'zh-CN': '还没有发布记录', en: 'Nothing has been published yet' },
  'no publishing for this app': { 'zh-CN': '该应用不存在或无权查看其发布', en: 'No publishing for this app' },
  'the package has no {0}': { 'zh-CN': '包中缺少 {0}', en: 'The package has no {0}' },
  "the main package is {0} MB, over the channel's {1} MB": { 'zh-CN': '主包 {0} MB，超过渠道上限 {1} MB', en: "The main package is {0} MB, over the channel's {1} MB" },
  "subpackage {0} is {1} MB, over the channel's {2} MB": { 'zh-CN': '分包 {0} 为 {1} MB，超过渠道上限 {2} MB', en: "Subpackage {0} is {1} MB, over the channel's {2} MB" },
  "the package is {0} MB, over the channel's {1} MB": { 'zh-CN': '整包 {0} MB，超过渠道上限 {1} MB', en: "The package is {0} MB, over the channel's {1} MB" },
  '{0} is not valid JSON': { 'zh-CN': '{0} 不是有效的 JSON', en: '{0} is not valid JSON' },
  'the channel has no credentials: set its app id and secret': { 'zh-CN': '渠道未配置凭证：请填写 AppID 和 AppSecret', en: 'The channel has no credentials: set its app id and secret' },
  'no upload endpoint is set: the package was checked, not uploaded': { 'zh-CN': '未设置上传地址：包已检查，未上传', en: 'No upload endpoint is set: the package was checked, not uploaded' },
  'uploaded to the channel': { 'zh-CN': '已上传到渠道', en: 'Uploaded to the channel' },
  'the channel refused the upload: HTTP {0}': { 'zh-CN': '渠道拒绝了上传：HTTP {0}', en: 'The channel refused the upload: HTTP {0}' },
  'the channel could not be reached': { 'zh-CN': '无法连接渠道', en: 'The channel could not be reached' },
};
