import type { PublicConfig } from '@almquest/contracts/system';
import type { Config } from '../../config';

/** Settings the browser may see; built once from the server config. */
export function presentPublicConfig(config: Config): PublicConfig {
  return {
    appName: 'AlmQuest',
    realtime: config.pusher
      ? { transport: 'pusher', pusherKey: config.pusher.key, pusherCluster: config.pusher.cluster }
      : { transport: 'sse' },
    map: { tileUrl: config.map.tileUrl, attribution: config.map.attribution },
    providers: {
      signIn: config.signIn.kind,
      places: config.googlePlaces ? 'google' : 'gazetteer',
      routes: config.osrmUrl ? 'osrm' : 'straight',
      contactMail: config.contactMail !== null,
    },
  };
}
