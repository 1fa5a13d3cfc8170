// The console's code reads the services it has loaded (providers/services.ts); the tests read them all.
import { registerServices } from '../providers/services';
import { services } from '../resources';

registerServices(services);
