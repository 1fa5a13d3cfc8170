import type { ServiceDecl } from './types';

export const ai: ServiceDecl = {
  name: 'ai',
  base: '/ai',
  convention: 'rest',
  catalogue: {
    icon: 'RobotOutlined',
    displayName: { 'zh-CN': 'AI 知识助手', en: 'AI Assistant' },
    label: { 'zh-CN': '知识助手', en: 'Knowledge assistant' },
    description: {
      'zh-CN': 'AI 知识助手：根据平台文档回答开发者的问题，并保留对话历史。',
      en: "AI knowledge assistant: answers developers' questions from the platform documentation and keeps the conversation history.",
    },
    // The documentation has no assistant section; it belongs to "others" (spec 000 §2).
    docPage: '/doc/others',
    mainService: false,
    // Spec 002 §2 gives the assistant no app route: it answers in a console-wide panel, so it has no menu group.
    // Its dashboard card stays, since it is enabled per app (spec 000 §1).
    hide: { menu: true },
  },
  menu: [],
  resources: [],
};
