import { readFileSync } from 'node:fs';
import { councilCodes, type CouncilCode } from '@portal/domain/councils';
import { licenceKinds, type LicenceKind } from '@portal/domain/licences';
import { checkedImage, type CheckedImage } from '../lib/stored-images';

/**
 * The demo's pictures: a drawn shield for each council's logo (the councils' real crests are
 * theirs to upload) and a drawing of each licence kind's premises, in ./images.
 */
export interface DemoImages {
  logos: ReadonlyMap<CouncilCode, CheckedImage>;
  premises: ReadonlyMap<LicenceKind, CheckedImage>;
}

let loaded: DemoImages | undefined;

export function demoImages(): DemoImages {
  loaded ??= {
    logos: new Map(councilCodes.map((code) => [code, demoImage(`logos/${code}.png`)])),
    premises: new Map(licenceKinds.map((kind) => [kind, demoImage(`premises/${kind}.jpg`)])),
  };
  return loaded;
}

function demoImage(name: string): CheckedImage {
  const image = checkedImage(readFileSync(new URL(`./images/${name}`, import.meta.url)));
  if (!image) throw new Error(`The demo picture ${name} is not a PNG or JPEG`);
  return image;
}
