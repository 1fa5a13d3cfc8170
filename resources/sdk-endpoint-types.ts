/**
 * The declaration of the SDK endpoint a service's server processes call (`ServiceDecl.sdkEndpoint`): the Agones SDK's
 * REST gateway calls its servers make, and what the service does on each. The data is `runtime-sdk.ts`.
 */
import type { Text } from './types';

export type SdkCallName =
  | 'capacity'
  | 'ready'
  | 'health'
  | 'allocate'
  | 'reserve'
  | 'label'
  | 'annotation'
  | 'playerConnect'
  | 'playerDisconnect'
  | 'playersConnected'
  | 'gameServer'
  | 'shutdown';

export interface SdkEndpointCall {
  name: SdkCallName;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** An example body (the call takes none when absent). */
  body?: Record<string, unknown>;
  /** What the call says, and what the service does on it. */
  about: Text;
}

export interface SdkEndpointDecl {
  /** The environment a server process is started with: the endpoint's port and the port it serves players on. */
  variables: { name: string; about: Text }[];
  calls: SdkEndpointCall[];
}
