/** The REST namespace of the specification ({agent_prefix}). */
export const AGENT_PREFIX = '/wp-json/manufacturer-agent/v1';

/** The interface version (specification: Versioning). */
export const INTERFACE_VERSION = '1.1.4';
