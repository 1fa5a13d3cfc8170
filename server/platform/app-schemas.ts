import type { JsonSchema } from '../../resources/types';
import { errorSchema, idParam } from '../engine/api';

/** JSON Schemas of the app calls' bodies and answers (spec 000 §3 field names). */

export const serviceStateSchema: JsonSchema = {
  type: 'object',
  properties: {
    Status: { type: 'string' },
    ServiceId: { type: 'string' },
    Properties: { type: 'object' },
    EnabledAt: { type: 'string', format: 'date-time' },
  },
};

export const appSchema: JsonSchema = {
  type: 'object',
  required: ['AppId', 'ProjectName', 'OrganizationId', 'Services'],
  properties: {
    AppId: { type: 'string' },
    AppSecret: { type: 'string' },
    AppServiceSecret: { type: 'string' },
    ProjectName: { type: 'string' },
    OrganizationId: { type: 'string' },
    OrganizationName: { type: 'string' },
    Role: { type: 'string', description: "the caller's role in the app's organisation: owner, admin, member, or '' for administrators" },
    Services: { type: 'object', additionalProperties: serviceStateSchema },
    SupportMultiServices: { type: 'boolean' },
    Properties: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

export const appListSchema: JsonSchema = {
  type: 'object',
  properties: { TotalCount: { type: 'integer' }, Items: { type: 'array', items: appSchema } },
};

/** A project name: 1 to 50 characters, not only spaces. */
const projectName = { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S' };

export const createAppBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ProjectName', 'OrganizationId'],
  properties: {
    ProjectName: projectName,
    OrganizationId: idParam,
    SupportMultiServices: { type: 'boolean', default: true },
  },
};

export const updateAppBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ProjectName: projectName,
    Properties: {
      type: 'object',
      additionalProperties: false,
      properties: { needGatherInfo: { type: 'string', enum: ['true', 'false'] } },
    },
    SupportMultiServices: { type: 'boolean', description: 'administrators only' },
    Services: {
      type: 'object',
      description: 'administrators only: suspend or resume services the app has',
      maxProperties: 50,
      propertyNames: { maxLength: 64 },
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['Status'],
        properties: { Status: { type: 'string', enum: ['Enabled', 'Suspended'] } },
      },
    },
  },
};

export const enableServiceBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Service'],
  properties: {
    Service: { type: 'string', minLength: 1, maxLength: 64 },
    Properties: {
      type: 'object',
      maxProperties: 20,
      propertyNames: { maxLength: 64 },
      additionalProperties: { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'number', minimum: -1e9, maximum: 1e9 }, { type: 'boolean' }] },
    },
  },
};

export const serviceDetailsSchema: JsonSchema = {
  type: 'object',
  required: ['ServiceId', 'AppId', 'Service', 'Status', 'Properties', 'Project'],
  properties: {
    ServiceId: { type: 'string' },
    AppId: { type: 'string' },
    Service: { type: 'string' },
    Status: { type: 'string' },
    Properties: { type: 'object' },
    EnabledAt: { type: ['string', 'null'] },
    Project: {
      anyOf: [
        { type: 'null' },
        { type: 'object', properties: { Id: { type: 'string' }, Name: { type: 'string' }, CreatedAt: { type: 'string' } } },
      ],
    },
  },
};

export const generateSecretBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Kind'],
  properties: { Kind: { type: 'string', enum: ['AppSecret', 'AppServiceSecret'] } },
};

export const redeemTokenBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['Token'],
  properties: { Token: { type: 'string', minLength: 1, maxLength: 64 } },
};

export const redeemAnswerSchema: JsonSchema = {
  type: 'object',
  required: ['Kind', 'Amount', 'Service', 'TrialUntil'],
  properties: {
    Kind: { type: 'string', enum: ['credit', 'trial'] },
    Amount: { type: ['string', 'null'], description: 'credit granted, a decimal string with 2 decimals' },
    Service: { type: ['string', 'null'] },
    TrialUntil: { type: ['string', 'null'], format: 'date-time' },
  },
};

/** The common answers of a call on one app. */
export const appErrors = {
  400: { description: 'bad input', schema: errorSchema },
  401: { description: 'not signed in', schema: errorSchema },
  403: { description: 'not allowed for this caller', schema: errorSchema },
  404: { description: 'no such app (administrators only; others get 403)', schema: errorSchema },
};
