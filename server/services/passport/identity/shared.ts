export const SERVICE = 'passport';
