export declare const BUDGETS: { launcher: number; total: number; esmDialog: number };
export declare function gzipSize(code: string | Buffer): number;
export declare function checkSizes(sizes: {
  launcher: { name: string; raw: number; gzip: number };
  dialog: { name: string; raw: number; gzip: number };
  esmDialog: { name: string; raw: number; gzip: number };
}): boolean;
