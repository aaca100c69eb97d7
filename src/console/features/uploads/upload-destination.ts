import { useState } from 'react';
import type { Fileset, FilesetDetail } from '../../../contract/files';
import type { Page } from '../../../contract/paging';
import type { ExperimentRecord, ProjectRecord } from '../../../contract/records';
import { request } from '../../lib/api';
import { useRequest } from '../../lib/use-request';

/** A fileset files went to: enough to link to it. */
export interface TargetFileset {
  id: number;
  name: string;
}

/**
 * Where uploaded files go: a project, an experiment of it, and a fileset named by the reader — an
 * existing one (matched by name, whatever its case) or a new one made when the upload starts.
 */
export function useUploadDestination() {
  const projects = useRequest<Page<ProjectRecord>>('projects?pageSize=100&sort=name');
  const [projectId, setProjectId] = useState('');
  const experiments = useRequest<Page<ExperimentRecord>>(projectId ? `experiments?pageSize=100&sort=name&projectId=${projectId}` : null);
  const [experimentId, setExperimentId] = useState('');
  const [filesetName, setFilesetName] = useState('');
  const filesets = useRequest<Page<Fileset>>(`filesets?pageSize=100&sort=updatedAt&order=desc`);
  const existingFileset = filesets.data?.data.find((candidate) => candidate.name.toLowerCase() === filesetName.trim().toLowerCase());

  /** The fileset the files go to: the one named, made if it is new; null when none is named. */
  async function targetFileset(): Promise<TargetFileset | null> {
    const name = filesetName.trim();
    if (!name) return null;
    if (existingFileset) return existingFileset;
    const created = await request<FilesetDetail>('filesets', 'POST', {
      name,
      projectId: projectId ? Number(projectId) : null,
      experimentId: experimentId ? Number(experimentId) : null,
    });
    filesets.reload();
    return created;
  }

  return {
    projects: projects.data?.data,
    projectId,
    /** Another project; its experiment starts unchosen. */
    chooseProject: (id: string) => {
      setProjectId(id);
      setExperimentId('');
    },
    experiments: experiments.data?.data,
    experimentId,
    setExperimentId,
    filesets: filesets.data?.data,
    filesetName,
    setFilesetName,
    existingFileset,
    targetFileset,
    /** Reads the filesets again, so that the hint counts the files just stored. */
    reloadFilesets: filesets.reload,
    /** The metadata every uploaded file carries: its project, experiment and fileset. */
    metadataFor: (target: TargetFileset | null): Record<string, string> => ({
      ...(projectId ? { projectId } : {}),
      ...(experimentId ? { experimentId } : {}),
      ...(target ? { filesetId: String(target.id) } : {}),
    }),
  };
}

export type UploadDestination = ReturnType<typeof useUploadDestination>;
