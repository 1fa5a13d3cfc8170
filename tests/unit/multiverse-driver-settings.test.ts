import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { multiverseSettings } from '../../server/services/multiverse/settings';
import { funcSettings } from '../../server/services/func/settings';

const settings = (env: Record<string, string>) => multiverseSettings(loadConfig({ DATA_DIR: '/tmp/lodestar-settings', ...env }));

describe('the runtime driver chosen by configuration', () => {
  it('is process by default', () => {
    expect(settings({}).driver).toBe('process');
  });

  it('refuses a driver it does not have, naming the ones it has', () => {
    expect(() => settings({ MULTIVERSE_DRIVER: 'nomad' })).toThrow("MULTIVERSE_DRIVER 'nomad' is not one this server has (process, docker, agones)");
  });

  it('docker needs its socket; the rest has defaults', () => {
    expect(() => settings({ MULTIVERSE_DRIVER: 'docker' })).toThrow(/needs MULTIVERSE_DOCKER_SOCKET/);
    const s = settings({ MULTIVERSE_DRIVER: 'docker', MULTIVERSE_DOCKER_SOCKET: '/var/run/docker.sock', MULTIVERSE_DOCKER_SDK_LISTEN: '0.0.0.0' });
    expect([s.driver, s.docker]).toEqual(['docker', { socket: '/var/run/docker.sock', image: 'lodestar-game:{id}', sdkHost: 'host.docker.internal', sdkListen: '0.0.0.0', baseImage: 'node:20-slim' }]);
  });

  it('agones needs a cluster to reach and the image template of the builds', () => {
    expect(() => settings({ MULTIVERSE_DRIVER: 'agones', MULTIVERSE_AGONES_IMAGE: 'r.example/b:{id}' })).toThrow(/needs MULTIVERSE_KUBECONFIG/);
    expect(() => settings({ MULTIVERSE_DRIVER: 'agones', MULTIVERSE_KUBECONFIG: '/etc/kube/config' })).toThrow(/needs MULTIVERSE_AGONES_IMAGE/);
    expect(() => settings({ MULTIVERSE_DRIVER: 'agones', MULTIVERSE_KUBECONFIG: '/etc/kube/config', MULTIVERSE_AGONES_IMAGE: 'r.example/build:latest' })).toThrow(/with '\{id\}'/);
    const s = settings({ MULTIVERSE_DRIVER: 'agones', KUBERNETES_SERVICE_HOST: '10.0.0.1', MULTIVERSE_AGONES_NAMESPACE: 'games', MULTIVERSE_AGONES_IMAGE: 'r.example/build:{id}' });
    expect(s.agones).toEqual({ namespace: 'games', image: 'r.example/build:{id}' });
  });
});

describe("stateful functions' driver", () => {
  const func = (env: Record<string, string>) => funcSettings(loadConfig({ DATA_DIR: '/tmp/lodestar-settings', ...env }));

  it("is Multiverse's, with the functions' own ports and images", () => {
    expect([func({}).driver, func({}).docker, func({}).agones]).toEqual(['process', undefined, undefined]);
    const d = func({ MULTIVERSE_DRIVER: 'docker', MULTIVERSE_DOCKER_SOCKET: '/run/docker.sock', FUNC_PORT_RANGE: '6200-6201' });
    expect([d.driver, d.docker?.socket, d.docker?.image, d.ports]).toEqual(['docker', '/run/docker.sock', 'lodestar-func:{id}', { from: 6200, to: 6201 }]);
    const agones = { MULTIVERSE_DRIVER: 'agones', KUBERNETES_SERVICE_HOST: '10.0.0.1', MULTIVERSE_AGONES_IMAGE: 'r.example/build:{id}' };
    expect(func(agones).agones).toEqual({ namespace: 'default', image: 'r.example/build:{id}' });
    expect(func({ ...agones, FUNC_AGONES_IMAGE: 'r.example/code:{id}' }).agones?.image).toBe('r.example/code:{id}');
  });

  it("refuses a functions' registry image without the code's digest", () => {
    expect(() => func({ MULTIVERSE_DRIVER: 'agones', KUBERNETES_SERVICE_HOST: '10.0.0.1', MULTIVERSE_AGONES_IMAGE: 'r.example/build:{id}', FUNC_AGONES_IMAGE: 'r.example/code:latest' })).toThrow(/FUNC_AGONES_IMAGE needs '\{id\}'/);
  });
});
