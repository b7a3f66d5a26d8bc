// The parts of js-aruco2 (MIT, a JavaScript port of the ArUco library) the marks use.
declare module 'js-aruco2' {
  interface Corner {
    x: number;
    y: number;
  }
  interface Marker {
    id: number;
    corners: Corner[];
    hammingDistance: number;
  }
  interface Dictionary {
    codeList: string[];
    tau: number;
    markSize: number;
  }
  interface Detector {
    detect(image: { width: number; height: number; data: Uint8ClampedArray | Uint8Array }): Marker[];
    candidates: Corner[][];
  }
  const aruco: {
    AR: {
      Dictionary: new (name: string) => Dictionary;
      Detector: new (config?: { dictionaryName?: string; maxHammingDistance?: number }) => Detector;
    };
  };
  export default aruco;
}
