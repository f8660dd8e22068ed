// QR codes for invitations and answers: drawn with qrcode-generator, read from the
// camera with the browser's BarcodeDetector where it has one, else with jsQR.
// Both libraries are pinned in package.json and served from the site
// (scripts/build_site.py copies them to web/vendor/); nothing comes from a CDN.

import qrcode from "../vendor/qrcode.mjs";

/** Error correction: L holds the most data; a screen shown to a camera is clean. */
const LEVEL = "L";

/** The QR code of `text` as an SVG string (black on white, a quiet zone of 4 modules). */
export function qrSvg(text, { cellSize = 4, margin = 4 } = {}) {
  return makeQr(text).createSvgTag({ cellSize, margin, scalable: true });
}

/** The QR version (1–40) that `text` needs: 21×21 modules at 1, four more a version. */
export function qrVersion(text) {
  return (makeQr(text).getModuleCount() - 17) / 4;
}

/** Draw the QR code of `text` on a canvas (for tests and for sharing as an image). */
export function drawQr(text, canvas, { cellSize = 4, margin = 4 } = {}) {
  const qr = makeQr(text);
  const size = (qr.getModuleCount() + 2 * margin) * cellSize;
  canvas.width = canvas.height = size;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, size, size);
  context.fillStyle = "#000";
  for (let row = 0; row < qr.getModuleCount(); row += 1) {
    for (let col = 0; col < qr.getModuleCount(); col += 1) {
      if (qr.isDark(row, col)) {
        context.fillRect((col + margin) * cellSize, (row + margin) * cellSize, cellSize, cellSize);
      }
    }
  }
}

function makeQr(text) {
  const qr = qrcode(0, LEVEL); // 0: the smallest version that fits
  qr.addData(text, "Byte");
  qr.make();
  return qr;
}

/** The text of a QR code in an ImageData (one camera frame), or null. */
export async function decodeFrame(image, { useDetector = true } = {}) {
  const detector = useDetector ? await barcodeDetector() : null;
  if (detector) {
    const found = await detector.detect(image);
    return found.length ? found[0].rawValue : null;
  }
  const jsQR = await loadJsQR();
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
  return found ? found.data : null;
}

/**
 * Read QR codes from the camera into `video`, calling `onText(text)` for each
 * one read, until the returned `stop()` is called. Throws the browser's error
 * if there is no camera or the player refuses it (the table then offers the
 * text field instead).
 */
export async function scanCamera(video, onText) {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: "environment" },
    audio: false,
  });
  video.srcObject = stream;
  video.setAttribute("playsinline", "");
  await video.play();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  let running = true;
  let last = null;
  async function frame() {
    if (!running) return;
    if (video.videoWidth) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const text = await decodeFrame(context.getImageData(0, 0, canvas.width, canvas.height));
      if (text && text !== last) {
        last = text;
        onText(text);
      }
    }
    setTimeout(frame, 150); // about 6 frames a second: enough, and light on a phone
  }
  frame();
  return function stop() {
    running = false;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}

let detectorPromise = null;

/** The browser's QR detector, or null where it has none (Firefox, desktop Linux). */
function barcodeDetector() {
  detectorPromise ??= (async () => {
    if (!("BarcodeDetector" in globalThis)) return null;
    const formats = await globalThis.BarcodeDetector.getSupportedFormats();
    return formats.includes("qr_code") ? new globalThis.BarcodeDetector({ formats: ["qr_code"] }) : null;
  })();
  return detectorPromise;
}

/** jsQR, loaded on first use: a UMD file that sets `self.jsQR` when run as a module. */
async function loadJsQR() {
  if (!globalThis.jsQR) await import("../vendor/jsQR.js");
  return globalThis.jsQR;
}
