/**
 * What each channel accepts of a mini-game package, as data: the largest main package, subpackage and whole package,
 * and the files that must sit at the package's root. A publish checks every enabled channel's step against these
 * before uploading (`server/services/wind/package-check.ts`); ADR 0020 says where each figure comes from.
 */

/** The channels' tools count sizes in units of 1024 × 1024 bytes. */
export const MIB = 1024 * 1024;

export type ChannelName = 'wechat' | 'douyin' | 'kuaishou' | 'jd' | 'host';

export interface ChannelRules {
  /** Files outside every subpackage's root, in bytes. */
  mainPackageMax: number;
  /** One subpackage (the files under its root), in bytes. */
  subpackageMax: number;
  /** Every file, in bytes. */
  totalMax: number;
  /** Paths that must be in the package, at its root. */
  required: string[];
  /** The root file that lists the subpackages (`subpackages: [{ name, root }]`). */
  config: string;
}

export const CHANNEL_RULES: Record<ChannelName, ChannelRules> = {
  wechat: { mainPackageMax: 4 * MIB, subpackageMax: 4 * MIB, totalMax: 30 * MIB, required: ['game.json', 'project.config.json'], config: 'game.json' },
  douyin: { mainPackageMax: 4 * MIB, subpackageMax: 20 * MIB, totalMax: 20 * MIB, required: ['game.json', 'project.config.json'], config: 'game.json' },
  kuaishou: { mainPackageMax: 4 * MIB, subpackageMax: 4 * MIB, totalMax: 20 * MIB, required: ['game.json'], config: 'game.json' },
  jd: { mainPackageMax: 2 * MIB, subpackageMax: 2 * MIB, totalMax: 20 * MIB, required: ['app.json', 'project.config.json'], config: 'app.json' },
  host: { mainPackageMax: 8 * MIB, subpackageMax: 20 * MIB, totalMax: 100 * MIB, required: ['game.json'], config: 'game.json' },
};

/** The channels in the order the console lists them. */
export const CHANNELS = Object.keys(CHANNEL_RULES) as ChannelName[];
