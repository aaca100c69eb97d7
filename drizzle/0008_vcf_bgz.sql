-- bgzip's own extension: a VCF type that knows .vcf.gz learns .vcf.bgz too.
UPDATE "file_types" SET "extensions" = array_append("extensions", '.vcf.bgz')
WHERE '.vcf.gz' = ANY("extensions") AND NOT ('.vcf.bgz' = ANY("extensions")) AND NOT ('.g.vcf.gz' = ANY("extensions"));
