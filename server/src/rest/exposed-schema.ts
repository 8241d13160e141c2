/** The one schema `/rest/v1` serves (PostgREST's `db-schemas`); the catalog, RPC and error texts name it. */
export const EXPOSED_SCHEMA = 'public';
