import type { ServiceModule } from '../index';

/** One area of passport's hand-written part: hooks on its declared resources and its own calls. */
export type PassportModule = Omit<ServiceModule, 'service'>;
