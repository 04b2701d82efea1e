/** See build-server-if-stale.mjs. */
export declare const SERVER_BUNDLE_DIR: string;
export declare const BUNDLE_NODE_FLAGS: string[];
export declare function serverBundleFile(name: 'main' | 'worker-main' | 'simulators'): string;
export declare function buildServerIfStale(): boolean;
