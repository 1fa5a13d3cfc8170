/** Safe's console pages (spec 001 §2): `safe`, the packages checked and their protection; `safe/detect`, the detect board. */
import type { MenuEntry, PageDecl, Text } from '../types';
import { detectRow } from './calls';
import { SAFE_ROUTES } from './resources';

const PACKAGES: Text = { 'zh-CN': '安装包', en: 'Packages' };
const DETECT: Text = { 'zh-CN': '风险检测', en: 'Detection' };

export const safeMenu: MenuEntry[] = [
  { route: SAFE_ROUTES.packages, label: PACKAGES },
  { route: SAFE_ROUTES.detect, label: DETECT },
  { route: SAFE_ROUTES.sha1, label: { 'zh-CN': 'SHA-1 列表', en: 'SHA-1 list' } },
];

export const safePages: PageDecl[] = [
  {
    route: SAFE_ROUTES.packages,
    label: PACKAGES,
    view: {
      name: 'packages',
      label: PACKAGES,
      subtitle: {
        'zh-CN': '上传到加固接口的 APK、AAB 和 HAP 安装包：读取的清单、签名与风险，以及加固任务的状态。',
        en: 'The APK, AAB and HAP packages uploaded to protect: their manifest, signers and risks, and their protection job.',
      },
      path: '/safe/:appId/protections',
      listKey: 'items',
      row: 'protections',
      columns: ['fileName', 'package', 'versionName', 'status', 'highestSeverity', 'riskCount', 'signerRegistered', 'createdAt'],
      rowKey: 'id',
      empty: { 'zh-CN': '还没有上传安装包', en: 'No packages uploaded yet' },
      emptyFiltered: { 'zh-CN': '没有符合条件的安装包', en: 'No packages match' },
      paging: { mode: 'server', pageSize: 20, by: 'page' },
      filters: [
        {
          name: 'status',
          kind: 'select',
          label: { 'zh-CN': '加固状态', en: 'Protection' },
          values: { processing: { label: { 'zh-CN': '处理中', en: 'Processing' } }, succeed: { label: { 'zh-CN': '成功', en: 'Succeeded' } }, failed: { label: { 'zh-CN': '失败', en: 'Failed' } } },
        },
      ],
      links: [{ route: SAFE_ROUTES.detect, label: DETECT }],
      // A package picked on the page is sent to protect; the new package's page opens, its protection followed there.
      uploads: [{ call: 'protect', label: { 'zh-CN': '上传安装包', en: 'Upload a package' }, fileNameParam: 'fileName', opens: 'protections' }],
    },
  },
  {
    route: SAFE_ROUTES.detect,
    label: DETECT,
    view: {
      name: 'detect',
      label: DETECT,
      subtitle: {
        'zh-CN': '每个安装包的风险与严重程度，以及签名是否在 SHA-1 列表中。',
        en: "Each package's risks with their severity, and whether its signer is in the SHA-1 list.",
      },
      path: '/safe/:appId/detect-list',
      listKey: 'items',
      row: detectRow,
      columns: ['fileName', 'package', 'versionName', 'signerSha1', 'signatureVerified', 'signerRegistered', 'highestSeverity', 'risks', 'createdAt'],
      rowKey: 'id',
      empty: { 'zh-CN': '还没有检测过安装包', en: 'No packages checked yet' },
      emptyFiltered: { 'zh-CN': '没有这一风险等级的安装包', en: 'No packages at this risk level' },
      paging: { mode: 'server', pageSize: 20, by: 'page' },
      filters: [
        {
          name: 'severity',
          kind: 'select',
          label: { 'zh-CN': '最高风险', en: 'Highest risk' },
          values: {
            high: { label: { 'zh-CN': '高', en: 'High' } },
            medium: { label: { 'zh-CN': '中', en: 'Medium' } },
            low: { label: { 'zh-CN': '低', en: 'Low' } },
            none: { label: { 'zh-CN': '无', en: 'None' } },
          },
        },
      ],
      links: [{ route: SAFE_ROUTES.packages, label: PACKAGES }],
    },
  },
];
