/**
 * Shapes of the operations calls (history, statistics, consultation, uploads, chat-group monitors) that the
 * server answers and the console reads, and the consultation offer with its fees (spec 000 §9).
 */
import type { Text } from './types';

/** A list answer of the platform API. */
export interface PageOf<T> {
  TotalCount: number;
  Items: T[];
}

/** One entry of the operation history. Service, Title, Template and UserName come from service reports. */
export interface OperationEntry {
  Id: string;
  At: string;
  Actor: string;
  AppId: string | null;
  AppName: string | null;
  Action: string;
  Target: string;
  Before: unknown;
  After: unknown;
  Service: string | null;
  Title: string | null;
  Template: string | null;
  UserName: string | null;
}

/** POST /api/operation/history: members must name the app; administrators may filter by anything. */
export interface OperationHistoryQuery {
  AppId?: string;
  OrgId?: string;
  /** The action or an action prefix: `org.member` matches `org.member.invite`. */
  Action?: string;
  /** A whole actor (`user:a@b.c`) or the identity after its kind (`a@b.c`). */
  Actor?: string;
  From?: string;
  To?: string;
  count?: number;
  start?: number;
}

/** The statistics ranges (spec 000 §9: durations 7, 30, 90 days). */
export const DAY_RANGES = [7, 30, 90] as const;
export type DayRange = (typeof DAY_RANGES)[number];

/** A count on one Asia/Shanghai day. */
export interface DayCount {
  Date: string;
  Count: number;
}

/** One entry per day, zero-filled; Total counts distinct things over the whole range. */
export interface DailySeries {
  Items: DayCount[];
  Total: number;
}

/** The alert body a service reports an operation with (spec 000 §3); chat-group monitors receive it as is. */
export interface AlertBody {
  serviceName: string;
  appId: string;
  appName?: string;
  operation: string;
  title?: string;
  template?: string;
  userName?: string;
}

export interface ChatGroupMonitor {
  Id: string;
  Name: string;
  WebhookUrl: string;
  /** null: every app. */
  AppId: string | null;
  AppName: string | null;
  CreatedBy: string;
  CreatedAt: string;
}

export type TicketType = 'analysis' | 'proposal-director' | 'proposal-chief';
export type FeeUnit = 'session' | 'half-hour';

export interface ConsultationOffer {
  type: TicketType;
  /** A decimal string in CNY: the starting fee per unit. */
  fee: string;
  unit: FeeUnit;
  label: Text;
  description: Text;
}

/** The consultation service and its fees (spec 000 §9): one place for the server, the mail and the pages. */
export const consultation: { currency: 'CNY'; offers: ConsultationOffer[] } = {
  currency: 'CNY',
  offers: [
    {
      type: 'analysis',
      fee: '6480.00',
      unit: 'session',
      label: { 'zh-CN': '崩溃与性能分析', en: 'Crash and performance analysis' },
      description: {
        'zh-CN': '资深工程师分析崩溃堆栈、卡顿与内存问题，给出定位结论和修复建议。',
        en: 'Senior engineers analyse crash stacks, stutter and memory problems and deliver findings with fixes.',
      },
    },
    {
      type: 'proposal-director',
      fee: '648.00',
      unit: 'half-hour',
      label: { 'zh-CN': '方案咨询（技术总监）', en: 'Solution proposal (technical director)' },
      description: {
        'zh-CN': '与技术总监一起评审架构、联机方案和服务选型。',
        en: 'Review architecture, multiplayer design and service choices with a technical director.',
      },
    },
    {
      type: 'proposal-chief',
      fee: '1280.00',
      unit: 'half-hour',
      label: { 'zh-CN': '方案咨询（首席专家）', en: 'Solution proposal (chief expert)' },
      description: {
        'zh-CN': '由首席专家针对大型项目给出整体技术方案。',
        en: 'A chief expert designs the overall technical solution for a large project.',
      },
    },
  ],
};

export const TICKET_TYPES = consultation.offers.map((o) => o.type);
export const TICKET_STATUSES = ['Pending'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const offerOf = (type: string): ConsultationOffer | undefined => consultation.offers.find((o) => o.type === type);

export interface TicketInput {
  OrgId: string;
  Type: TicketType;
  Title: string;
  Content: string;
  Contact: string;
}

export interface Ticket extends TicketInput {
  TicketId: string;
  OrgName: string;
  Status: TicketStatus;
  Fee: string;
  FeeUnit: FeeUnit;
  CreatedAt: string;
}

export interface ContactUsInput {
  Content: string;
  Name?: string;
  Email: string;
  Phone?: string;
}

export interface SendMailInput {
  To: string | string[];
  Subject: string;
  Text: string;
}

/** POST /api/cos-token */
export interface UploadGrantInput {
  AppId: string;
  FileName: string;
  ContentType: string;
  Size: number;
}

/** Send the file's bytes with `Method` to `Url` with `Headers` before `ExpiresAt`; read it back at DownloadUrl. */
export interface UploadGrant {
  Url: string;
  Method: 'PUT';
  Headers: Record<string, string>;
  Key: string;
  ExpiresAt: string;
  DownloadUrl: string;
}
