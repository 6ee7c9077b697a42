/** This package's version (checked against package.json by a test). */
export const MCP_PACKAGE_VERSION = '0.1.0';
