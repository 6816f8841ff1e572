import { councilCodes, type CouncilCode } from '@portal/domain/councils';
import { licenceKinds, type LicenceKind } from '@portal/domain/licences';
import { imageFile, type CheckedImage } from '../lib/stored-images';

/**
 * The demo's pictures: a drawn shield for each council's logo (the councils' real crests are
 * theirs to upload) and a drawing of each licence kind's premises, in ./images.
 */
export interface DemoImages {
  logos: ReadonlyMap<CouncilCode, CheckedImage>;
  premises: ReadonlyMap<LicenceKind, CheckedImage>;
}

let loaded: DemoImages | undefined;

const demoImage = (name: string) => imageFile(new URL(`./images/${name}`, import.meta.url));

export function demoImages(): DemoImages {
  loaded ??= {
    logos: new Map(councilCodes.map((code) => [code, demoImage(`logos/${code}.png`)])),
    premises: new Map(licenceKinds.map((kind) => [kind, demoImage(`premises/${kind}.jpg`)])),
  };
  return loaded;
}
