import { type ReactNode, useRef } from 'react';
import { Button } from './Button';

/**
 * A button that opens the file chooser and hands what was chosen to `onFiles`. The input is emptied
 * each time, so choosing the same file again is heard again; `testId` names the input for tests.
 */
export function ChooseFileButton({
  accept,
  multiple = false,
  testId,
  onFiles,
  children,
}: {
  accept?: string;
  multiple?: boolean;
  testId: string;
  onFiles: (files: File[]) => void;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="sm" onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        data-testid={testId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
