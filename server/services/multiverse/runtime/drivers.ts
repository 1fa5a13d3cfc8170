/**
 * The driver the configuration chooses (README, "Runtime drivers"): `process` (default), `docker` when a Docker
 * socket is configured, `agones` with a Kubernetes configuration (a kubeconfig file, or the pod's own service
 * account inside a cluster).
 */
import { KubeConfig } from '@kubernetes/client-node';
import type { MultiverseSettings } from '../settings';
import { AgonesDriver } from './agones-driver';
import { DockerDriver } from './docker-driver';
import type { EventSink, RuntimeDriver } from './driver';
import { ProcessDriver } from './process-driver';

/** A container image named from a template: `{id}` is the image record's id. */
export const imageName = (template: string, id: string) => template.replaceAll('{id}', id.toLowerCase());

/** What a driver is made from: Multiverse's settings, or stateful functions' (their own ports, images and owner). */
export type DriverSettings = Pick<MultiverseSettings, 'driver' | 'docker' | 'agones' | 'ports' | 'publicHost' | 'interpreters'>;

/** `owner` names whose servers the driver's containers or GameServers are (`multiverse`, `func`). */
export function makeDriver(s: DriverSettings, sink: EventSink, owner = 'multiverse'): RuntimeDriver {
  if (s.driver === 'docker') {
    const d = s.docker!;
    return new DockerDriver({ socketPath: d.socket, ports: s.ports, publicHost: s.publicHost, sdkHost: d.sdkHost, sdkListen: d.sdkListen, baseImage: d.baseImage, imageOf: (spec) => imageName(d.image, spec.image?.id ?? spec.id), owner }, sink);
  }
  if (s.driver === 'agones') {
    const a = s.agones!;
    const kubeConfig = new KubeConfig();
    if (a.kubeconfig) kubeConfig.loadFromFile(a.kubeconfig);
    else kubeConfig.loadFromCluster();
    return new AgonesDriver({ kubeConfig, namespace: a.namespace, imageOf: (spec) => imageName(a.image, spec.image?.id ?? spec.id), owner }, sink);
  }
  return new ProcessDriver({ ports: s.ports, publicHost: s.publicHost, interpreters: s.interpreters }, sink);
}
