import type { AccountIdentity } from '../../resources/account-api';
import type { ServerConfig } from '../config';
import type { Account } from './sessions';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** An account as the console sees it (spec 000 §3 "current user"): never a secret, only these properties. */
export function toIdentity(a: Account, config: Pick<ServerConfig, 'internalDomain' | 'policyVersion'>): AccountIdentity {
  const verified = a.properties.isRealNameVerified === 'true';
  const policyVersion = str(a.properties.policyVersion);
  return {
    id: a.id,
    email: a.email,
    name: a.name,
    isAdmin: a.isAdmin,
    isFinanceAdmin: a.isFinanceAdmin,
    isInternal: a.email.toLowerCase().endsWith(`@${config.internalDomain.toLowerCase()}`),
    isRealName: verified,
    properties: { policyVersion, isRealNameVerified: verified ? 'true' : 'false', email: a.email },
    policyAccepted: policyVersion === config.policyVersion,
  };
}

export const identitySchema = {
  type: 'object',
  required: ['id', 'email', 'name', 'isAdmin', 'isFinanceAdmin', 'isInternal', 'isRealName', 'properties', 'policyAccepted'],
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    isAdmin: { type: 'boolean' },
    isFinanceAdmin: { type: 'boolean' },
    isInternal: { type: 'boolean', description: "the e-mail is on the provider's own domain" },
    isRealName: { type: 'boolean' },
    properties: {
      type: 'object',
      properties: {
        policyVersion: { type: 'string' },
        isRealNameVerified: { type: 'string', enum: ['true', 'false'] },
        email: { type: 'string' },
      },
    },
    policyAccepted: { type: 'boolean', description: 'whether the current terms-of-use version was accepted' },
  },
} as const;
