/** See test-chromium.mjs. */
export declare const FULL_CHROMIUM_PATH: string;
export declare const HEADLESS_SHELL_PATH: string;
export declare const TEST_CHROMIUM_PATH: string;
export declare const TEST_CHROMIUM_IS_HEADLESS_SHELL: boolean;
