/**
 * The auth feature's public entry: what other features may use of it (the lint allows a
 * feature to import another only through its index).
 */
export { RegistrationFields } from './registration-fields.tsx';
export { EXCLUDED_COUNTRIES, emptyRegistration, registrationPayload, validateRegistration, type RegistrationErrors, type RegistrationForm } from './registration.ts';
