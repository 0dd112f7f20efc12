// html-encoding-sniffer 7 ships no types (@types/html-encoding-sniffer describes version 3, without `xml`).
declare module 'html-encoding-sniffer' {
  interface SniffOptions {
    /** XML sniffing (BOM, transport label, XML declaration) instead of HTML's (BOM, transport label, `<meta>` prescan). */
    xml?: boolean;
    /** The Content-Type's charset; overrides everything but a BOM. */
    transportLayerEncodingLabel?: string | undefined;
    /** Answered when nothing declares an encoding (HTML: windows-1252, XML: UTF-8). */
    defaultEncoding?: string;
    /** Bytes of HTML scanned for `<meta>` (1024); not allowed with `xml`. */
    maxPrescanBytes?: number;
  }
  /** The WHATWG name of the encoding the bytes declare. */
  function sniffEncoding(bytes: Uint8Array, options?: SniffOptions): string;
  export = sniffEncoding;
}
