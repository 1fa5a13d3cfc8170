/**
 * Spec 001 route `wind/runtime` (the functions list): what a published mini-game can call on the platform at run
 * time, whatever channel hosts it — each with the platform call behind it and the channels whose host API it wraps.
 * The spec names no function; ADR 0020 says why these.
 */
import type { ServiceDecl, Text } from '../types';
import { callUrl } from '../call-types';
import { assetStreaming } from '../asset-streaming';
import { CONTENT_BADGE_PATH } from '../cdn/delivery';
import { remoteConfig } from '../config';
import { passport } from '../passport';
import { upr } from '../upr';

/** A declared call as `<method> <address>`, read from its service's declaration. */
const callOf = (service: ServiceDecl, name: string): string => {
  const call = service.calls?.[name];
  if (!call) throw new Error(`${service.name} declares no call '${name}'`);
  return `${call.method} ${callUrl(service.base, call)}`;
};

export interface RuntimeFunction {
  name: string;
  category: 'account' | 'payment' | 'data' | 'content' | 'diagnostics';
  summary: Text;
  /** The platform call the function makes; empty for what only the channel's host does. */
  call: string;
  /** The channels whose own host API it wraps (the others reach the platform call directly). */
  wraps: string[];
}

const ALL = ['wechat', 'douyin', 'kuaishou', 'jd', 'host'];

export const RUNTIME_FUNCTIONS: RuntimeFunction[] = [
  { name: 'wind.login', category: 'account', summary: { 'zh-CN': '用渠道登录凭证换取玩家令牌', en: "Trade the channel's login code for a player token" }, call: callOf(passport, 'players.signIn'), wraps: ALL },
  { name: 'wind.getPlayer', category: 'account', summary: { 'zh-CN': '读取当前玩家的账号与角色', en: "Read the signed-in player's account and personas" }, call: callOf(passport, 'players.me'), wraps: [] },
  { name: 'wind.purchase', category: 'payment', summary: { 'zh-CN': '购买商店商品（渠道支付成功后发放）', en: "Buy a shop product (granted once the channel's payment succeeds)" }, call: callOf(passport, 'economy.purchase'), wraps: ['wechat', 'douyin', 'kuaishou'] },
  { name: 'wind.getConfig', category: 'data', summary: { 'zh-CN': '获取远程配置（按玩家分群）', en: 'Fetch remote config, as the rules give it to this player' }, call: callOf(remoteConfig, 'settings.fetch'), wraps: [] },
  { name: 'wind.inbox', category: 'data', summary: { 'zh-CN': '读取玩家邮件并领取附件', en: "Read the player's mail and claim its rewards" }, call: callOf(passport, 'inbox.playerInbox'), wraps: [] },
  { name: 'wind.submitScore', category: 'data', summary: { 'zh-CN': '提交排行榜分数并取得名次', en: 'Submit a leaderboard score and get the rank' }, call: callOf(passport, 'leaderboards.submit'), wraps: [] },
  { name: 'wind.loadAsset', category: 'content', summary: { 'zh-CN': '按标签下载资源分发中的文件（分包外资源）', en: 'Download a file of asset streaming by badge (content outside the package)' }, call: `GET ${assetStreaming.base}${CONTENT_BADGE_PATH}`, wraps: ALL },
  { name: 'wind.loadSubpackage', category: 'content', summary: { 'zh-CN': '加载渠道分包', en: "Load one of the package's subpackages" }, call: '', wraps: ALL },
  { name: 'wind.share', category: 'account', summary: { 'zh-CN': '调起渠道分享', en: "Open the channel's share sheet" }, call: '', wraps: ['wechat', 'douyin', 'kuaishou', 'jd'] },
  { name: 'wind.reportPerformance', category: 'diagnostics', summary: { 'zh-CN': '上报帧耗时、内存与 GC 采样（UPR）', en: 'Report frame time, memory and GC samples (UPR)' }, call: callOf(upr, 'sdk.report'), wraps: [] },
];
