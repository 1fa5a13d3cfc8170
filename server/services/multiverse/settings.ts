/**
 * Multiverse's configuration (README, Configuration): which driver runs game servers, the host ports they take, where
 * images are unpacked, the address players are given, the regions and locations this deployment serves, and the
 * limits on an uploaded build.
 */
import { join } from 'node:path';
import type { ServerConfig } from '../../config';
import { parsePortRange, type PortRange } from './runtime/ports';

export type DriverName = 'process' | 'docker' | 'agones';

export interface MultiverseSettings {
  driver: DriverName;
  /** The `docker` driver's: the Engine's socket, the image name template, the address containers reach this host at. */
  docker?: { socket: string; image: string; sdkHost: string; sdkListen: string; baseImage: string };
  /** The `agones` driver's: a kubeconfig file (none: the pod's service account), the namespace, the image template. */
  agones?: { kubeconfig?: string; namespace: string; image: string };
  ports: PortRange;
  dataDir: string;
  publicHost: string;
  /** Region name → the location (machine) serving it. */
  regions: { name: string; location: string }[];
  interpreters: Record<string, string>;
  imageMaxBytes: number;
  imageMaxEntries: number;
  /** How long a server is given to stop before it is killed. */
  stopGraceMs: number;
  /** How often a running server's reserved CPU is billed. */
  billEveryMs: number;
}

const DRIVERS = ['process', 'docker', 'agones'] as const;

/** What the chosen driver needs, or a start-up error that says which variable is missing. */
function driverSettings(driver: DriverName, env: NodeJS.ProcessEnv): Pick<MultiverseSettings, 'docker' | 'agones'> {
  if (driver === 'docker') {
    const socket = env.MULTIVERSE_DOCKER_SOCKET;
    if (!socket) throw new Error('MULTIVERSE_DRIVER=docker needs MULTIVERSE_DOCKER_SOCKET, the Docker Engine socket (e.g. /var/run/docker.sock)');
    return {
      docker: {
        socket,
        image: env.MULTIVERSE_DOCKER_IMAGE ?? 'lodestar-game:{id}',
        sdkHost: env.MULTIVERSE_DOCKER_SDK_HOST ?? 'host.docker.internal',
        // Docker's default bridge gateway: the containers reach it, other machines do not.
        sdkListen: env.MULTIVERSE_DOCKER_SDK_LISTEN ?? '172.17.0.1',
        baseImage: env.MULTIVERSE_DOCKER_BASE_IMAGE ?? 'node:20-slim',
      },
    };
  }
  if (driver === 'agones') {
    const kubeconfig = env.MULTIVERSE_KUBECONFIG ?? env.KUBECONFIG;
    if (!kubeconfig && !env.KUBERNETES_SERVICE_HOST) throw new Error('MULTIVERSE_DRIVER=agones needs MULTIVERSE_KUBECONFIG (or KUBECONFIG), or to run inside a Kubernetes cluster');
    const image = env.MULTIVERSE_AGONES_IMAGE;
    if (!image?.includes('{id}')) throw new Error("MULTIVERSE_DRIVER=agones needs MULTIVERSE_AGONES_IMAGE, the registry image of a build with '{id}' for the image's id (e.g. registry.example.com/games/build:{id})");
    return { agones: { ...(kubeconfig ? { kubeconfig } : {}), namespace: env.MULTIVERSE_AGONES_NAMESPACE ?? 'default', image } };
  }
  return {};
}

export function multiverseSettings(config: ServerConfig): MultiverseSettings {
  const env = config.env;
  const driver = env.MULTIVERSE_DRIVER ?? 'process';
  if (!(DRIVERS as readonly string[]).includes(driver)) throw new Error(`MULTIVERSE_DRIVER '${driver}' is not one this server has (${DRIVERS.join(', ')})`);
  const location = env.MULTIVERSE_LOCATION ?? 'local';
  const regions = (env.MULTIVERSE_REGIONS ?? 'local')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((name) => ({ name, location }));
  return {
    driver: driver as DriverName,
    ...driverSettings(driver as DriverName, env),
    ports: parsePortRange(env.MULTIVERSE_PORT_RANGE ?? '7000-7999'),
    dataDir: env.MULTIVERSE_DATA_DIR ?? join(config.dataDir, 'multiverse'),
    publicHost: env.MULTIVERSE_PUBLIC_HOST ?? '127.0.0.1',
    regions,
    interpreters: { node: process.execPath },
    imageMaxBytes: Number(env.MULTIVERSE_IMAGE_LIMIT_MB ?? 500) * 1_000_000,
    imageMaxEntries: Number(env.MULTIVERSE_IMAGE_MAX_FILES ?? 20_000),
    stopGraceMs: Number(env.MULTIVERSE_STOP_GRACE_MS ?? 5000),
    billEveryMs: Number(env.MULTIVERSE_BILL_EVERY_S ?? 60) * 1000,
  };
}
